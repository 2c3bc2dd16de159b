// Importing the package registers <svc-uploader> before Vue renders it, so Vue finds its
// properties (`maxFileSize`, `theme`, ...) already defined on the element.
import 'svc-uploader';
import { createApp } from 'vue';
import App from './App.vue';

createApp(App).mount('#app');
