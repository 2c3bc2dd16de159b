/**
 * The public API is the export list of every package entry; a change to it must be deliberate, so
 * the names are pinned here, entry by entry. Each entry is imported from the source module its
 * package.json `types` path compiles from, so the lists hold without a build (the end-to-end tests
 * install the built package). A new entry in package.json fails until it is pinned too.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';

const repository = new URL('../../', import.meta.url);

const ENGINE = [
  'ConfigurationError',
  'ENGINE_DEFAULTS',
  'FILE_TYPE_PRESETS',
  'IndexedDbRecoveryStorage',
  'MULTIPART_DEFAULTS',
  'PIPELINE_STAGE_ORDER',
  'UploadEngine',
  'UploadFailureError',
  'clearPersistedUploads',
  'contentHash',
  'definePipelineStep',
  'expandAllowedFileTypes',
  'matchesFileType',
  'sha256Hex',
  'toAcceptAttribute',
  'toBytes',
];

/** The element's runtime: what `svc-uploader/browser` carries besides the element itself. */
const ELEMENT_RUNTIME = [
  'DEFAULT_SOURCES',
  'I18nController',
  'MODE_ATTRIBUTE',
  'SVC_UPLOADER_TAG',
  'SlotStylesController',
  'SvcUploader',
  'ThemeController',
  'TranslationError',
  'UPLOAD_SOURCES',
  'applyTokenProperties',
  'canonicalizeLang',
  'createTranslator',
  'designTokens',
  'detectDirection',
  'formatBytes',
  'formatCount',
  'formatList',
  'formatPercent',
  'loadMessageFormat',
  'publicTokenStyles',
  'registerDrivePanels',
  'registerPanel',
  'resolveLocale',
  'resolveThemeMode',
  'svcUploaderEvents',
  'themeSlotNames',
  'toTokenProperties',
  'tokenDefaultStyles',
  'tokenNames',
  'uploaderProps',
  'watchSystemColorScheme',
];

const ELEMENT = [...ELEMENT_RUNTIME, ...ENGINE].sort();

const SERVER = [
  'UpupError',
  'UpupErrorCode',
  'applyIncompleteUploadLifecycleRule',
  'confirmUpload',
  'createFailureLog',
  'createIncompleteUploadLifecycleRule',
  'createMemoryTokenStore',
  'createUnstorageTokenStore',
  'createUploadHandler',
  'deleteUnconfirmedUploads',
  'getDownloadUrl',
  'isUpupError',
  's3GeneratePresignedUrl',
];

/** Export names of each entry of package.json `exports` that holds JavaScript. */
const PINNED: Record<string, readonly string[]> = {
  '.': ELEMENT,
  './element': ELEMENT,
  './define': ['SVC_UPLOADER_TAG'],
  './engine': ENGINE,
  './heic': [],
  './server': SERVER,
  './server/node': ['sendWebResponse', 'toNodeListener', 'toWebRequest'],
  './server/prometheus': ['createPrometheusMetrics'],
  './server/opentelemetry': ['createOpenTelemetryTracing'],
  './server/workers': SERVER,
  './browser': ELEMENT_RUNTIME,
  './browser/engine': ENGINE,
};

/** `svc-uploader/locales/<code>`: one bundle each (`default`), and `all` with every one of them. */
const LOCALES: Record<string, readonly string[]> = {
  all: ['allLocales', 'default'],
  ...Object.fromEntries(
    [
      'af',
      'am',
      'ar',
      'az',
      'be',
      'bg',
      'bn',
      'bs',
      'ca',
      'cs',
      'da',
      'de',
      'el',
      'en',
      'en/first-paint',
      'es',
      'et',
      'eu',
      'fa',
      'fi',
      'fil',
      'fr',
      'gl',
      'gu',
      'he',
      'hi',
      'hr',
      'hu',
      'hy',
      'id',
      'is',
      'it',
      'ja',
      'ka',
      'kk',
      'km',
      'kn',
      'ko',
      'lo',
      'lt',
      'lv',
      'mk',
      'ml',
      'mn',
      'mr',
      'ms',
      'my',
      'nb',
      'ne',
      'nl',
      'pa',
      'pl',
      'ps',
      'pt-BR',
      'pt-PT',
      'ro',
      'ru',
      'si',
      'sk',
      'sl',
      'sq',
      'sr-Cyrl',
      'sr-Latn',
      'sv',
      'sw',
      'ta',
      'te',
      'th',
      'tr',
      'uk',
      'ur',
      'uz',
      'vi',
      'zh-CN',
      'zh-TW',
    ].map((code) => [code, ['default']]),
  ),
};

type Target = string | { types?: string; [condition: string]: string | undefined };
const packageExports = (JSON.parse(readFileSync(new URL('package.json', repository), 'utf8')) as { exports: Record<string, Target> }).exports;

/** The JavaScript an entry points to, by condition (`import`, `workerd`...); none for types, styles and JSON. */
function scriptTargets(target: Target): Array<[condition: string, path: string]> {
  if (typeof target === 'string') return target.endsWith('.js') ? [['default', target]] : [];
  return Object.entries(target).filter((entry): entry is [string, string] => entry[0] !== 'types' && entry[1]?.endsWith('.js') === true);
}

/**
 * The source module behind a condition's file: `import` is what the `types` declarations describe
 * (the browser bundles are built from those modules too); another condition names a compiled
 * module of its own (`./dist/server/workers.js`).
 */
function sourceOf(target: Target, condition: string, path: string): string {
  const compiled = condition === 'import' && typeof target !== 'string' && target.types ? target.types : path;
  return compiled.replace(/^\.\/dist\//, '').replace(/\.(d\.ts|js)$/, '.ts');
}

async function exportNames(source: string): Promise<string[]> {
  return Object.keys(await import(new URL(source, repository).href)).sort();
}

describe('public exports', () => {
  it('pins every package.json entry that holds JavaScript', () => {
    const entries = Object.keys(packageExports).filter((entry) => scriptTargets(packageExports[entry]!).length > 0);
    assert.deepEqual(entries.sort(), [...Object.keys(PINNED), './locales/*'].sort());
  });

  for (const [entry, names] of Object.entries(PINNED)) {
    it(`svc-uploader${entry.slice(1)}`, async () => {
      const target = packageExports[entry]!;
      for (const [condition, path] of scriptTargets(target)) {
        assert.deepEqual(await exportNames(sourceOf(target, condition, path)), names, `${entry} (${condition}: ${path})`);
      }
    });
  }

  it('svc-uploader/locales/*', async () => {
    const target = packageExports['./locales/*']!;
    assert.deepEqual(scriptTargets(target), [['import', './dist/locales/*.js']]);
    const codes = readdirSync(new URL('locales/', repository), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .map((file) => file.slice(0, -'.ts'.length))
      .sort();
    assert.deepEqual(codes, Object.keys(LOCALES).sort());
    for (const code of codes) {
      assert.deepEqual(await exportNames(sourceOf(target, 'import', './dist/locales/*.js').replace('*', code)), LOCALES[code], code);
    }
  });
});
