// `npm run lint`. Syntax rules only (no type information): `tsc --noEmit` already type-checks every
// file, and type-aware linting would take minutes on a small machine.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import lit from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';
import globals from 'globals';

/**
 * Who may import whom: elements/ → engine/ → protocol/ ← server/. Each top-level folder lists the
 * folders it must never reach. Every source folder sits at the top of the repository and none has a
 * subfolder of the same name, so a relative import reaches `server/` exactly when it climbs with
 * `../` and then enters `server/`; the package's own name (`svc-uploader/server`) is covered too.
 */
const FORBIDDEN_IMPORTS = {
  elements: ['server'],
  engine: ['elements', 'server'],
  protocol: ['elements', 'engine', 'server'],
  locales: ['server'],
  styles: ['server'],
  server: ['elements', 'engine'],
};

/** The package's own entries that hold each folder's code (`svc-uploader`, `svc-uploader/server/node`...). */
const PACKAGE_ENTRIES = {
  elements: '(/(element|define|heic|browser|react|vue|svelte))?',
  engine: '/(engine|browser/engine)',
  server: '/server(/.*)?',
};

/** What an import of top-level `folder` looks like: relative (`../../server/x.js`) or by package name. */
const importOf = (folder) => `^((\\.\\./)+${folder}(/|$)${folder in PACKAGE_ENTRIES ? `|svc-uploader${PACKAGE_ENTRIES[folder]}$` : ''})`;

/** TS `private` is not used: private state and methods are `#private` (see CONTRIBUTING.md). */
const NO_TS_PRIVATE = [':matches(PropertyDefinition, MethodDefinition, AccessorProperty, TSParameterProperty)[accessibility="private"]'].map((selector) => ({
  selector,
  message: 'Use a #private member instead of TS `private` (CONTRIBUTING.md: class privacy).',
}));

const boundaries = Object.entries(FORBIDDEN_IMPORTS).map(([from, forbidden]) => {
  const message = (to) => `${from}/ must not import ${to}/ (CONTRIBUTING.md: import directions).`;
  return {
    files: [`${from}/**/*.{ts,js,mjs}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: forbidden.map((to) => ({ regex: importOf(to), message: message(to) })),
        },
      ],
      // no-restricted-imports sees static imports and re-exports only; `import()` is checked here.
      'no-restricted-syntax': [
        'error',
        ...NO_TS_PRIVATE,
        ...forbidden.map((to) => ({
          selector: `ImportExpression > Literal.source[value=/${importOf(to).replaceAll('/', '\\/')}/]`,
          message: message(to),
        })),
      ],
    },
  };
});

export default defineConfig(
  {
    // What .gitignore files leave out (build output of the package and of each example app).
    ignores: [
      '**/dist/**',
      'storybook-static/**',
      'coverage/**',
      '**/.data/**',
      '.tmp/**',
      '.cache/**',
      'test-results/**',
      '**/.angular/**',
      '**/.svelte-kit/**',
      'examples/sveltekit/build/**',
      '**/.nitro/**',
      '**/.nuxt/**',
      '**/.output/**',
      // Generated from the element's tables (scripts/generate-element-manifest.ts).
      'manifest/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Matches tsc's noUnusedParameters: a parameter a callback must take but does not use starts with `_`.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      'no-restricted-syntax': ['error', ...NO_TS_PRIVATE],
      // A `let` written once after a closure that reads it is declared first on purpose.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // `interface HTMLElementEventMap extends SvcUploaderEventMap {}` is how DOM typings learn event names.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      // Getters of an object literal and methods of a returned object cannot be arrow functions.
      '@typescript-eslint/no-this-alias': 'off',
      // Errors are reworded on purpose: provider and library text must not travel on to a client or an event.
      'preserve-caught-error': 'off',
      // Matching control characters is how names and headers from clients are cleaned and checked.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['test/**', 'bench/**'],
    rules: {
      // Chai's property assertions (`expect(x).to.exist`) are expressions.
      '@typescript-eslint/no-unused-expressions': 'off',
      // Test harnesses read JSON answers whose shape the test itself asserts.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  { files: ['scripts/runtimes/serve-bun.mjs'], languageOptions: { globals: { Bun: 'readonly' } } },
  { files: ['scripts/runtimes/serve-deno.mjs'], languageOptions: { globals: { Deno: 'readonly' } } },
  {
    // Nuxt's auto-imports.
    files: ['examples/nuxt/**/*.js'],
    languageOptions: { globals: { defineNuxtConfig: 'readonly', defineEventHandler: 'readonly', toWebRequest: 'readonly' } },
  },
  {
    files: ['elements/**/*.ts'],
    ...lit.configs['flat/all'],
    rules: {
      ...lit.configs['flat/all'].rules,
      // Templates bind arrow functions and map arrays on purpose: handlers close over the row they belong to.
      'lit/no-template-arrow': 'off',
      'lit/no-template-map': 'off',
      // Lazily loaded panels carry their own `<style>`: the element's static sheet cannot know them.
      'lit/prefer-static-styles': 'off',
      // The element declares `static properties`, not decorators (Vite 8 leaves standard decorators untransformed).
      'lit/prefer-query-decorators': 'off',
    },
  },
  {
    files: ['elements/**/*.ts'],
    ...wc.configs['flat/best-practice'],
  },
  {
    // The element keeps its public API, lifecycle and wiring; what grows goes into a controller.
    files: ['elements/svc-uploader/svc-uploader.ts'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  ...boundaries,
);
