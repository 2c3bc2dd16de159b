// Tell Vue that <svc-uploader> is a custom element, not a Vue component.
export default defineNuxtConfig({
  vue: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('svc-') } },
});
