// Registers <svc-uploader> in the browser, before SvelteKit hydrates the server-rendered page: the
// element is then defined when Svelte binds its props, so every prop (`maxFiles={5}` as well as
// `theme={...}`) is set as a property. Server rendering never loads the element: it needs a DOM.
import 'svc-uploader';
