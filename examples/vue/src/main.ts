// Importing the package registers <svc-uploader> before Vue renders it, so Vue finds its
// properties (`maxFileSize`, `theme`, ...) already defined on the element.
import 'svc-uploader';
// Types <svc-uploader> in templates for vue-tsc and the Vue language tools (GlobalComponents).
import type {} from 'svc-uploader/vue';
import { createApp } from 'vue';
import App from './App.vue';

createApp(App).mount('#app');
