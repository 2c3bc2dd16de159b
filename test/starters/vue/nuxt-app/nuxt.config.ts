// https://nuxt.com/docs/api/configuration/nuxt-config
export default defineNuxtConfig({
  compatibilityDate: '2025-07-15',
  devtools: { enabled: true },
  // The one change docs/frameworks.md asks of the starter: svc-* tags are custom elements.
  vue: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('svc-') } },
});
