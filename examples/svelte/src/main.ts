// Importing the package registers <svc-uploader> first, so Svelte sees the element's property
// setters and assigns maxFiles and maxFileSize as properties instead of attributes. The import also
// types the tag in markup for svelte-check and the Svelte language tools (SvelteHTMLElements).
import 'svc-uploader';
import { mount } from 'svelte';
import App from './App.svelte';

mount(App, { target: document.getElementById('app')! });
