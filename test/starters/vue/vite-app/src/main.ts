import { createApp } from 'vue';
import 'svc-uploader';
import App from './App.vue';

createApp(App).mount('#app');
