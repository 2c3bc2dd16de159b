// Importing the package registers <svc-uploader> before Vue renders it, so Vue finds its
// properties (`maxFileSize`, `theme`, ...) already defined on the element. The import also types
// the tag in templates for vue-tsc and the Vue language tools (GlobalComponents).
import 'svc-uploader';
import { createApp } from 'vue';
import App from './App.vue';

createApp(App).mount('#app');
