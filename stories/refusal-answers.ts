/**
 * What a handler answers when it refuses an upload, one per kind the element explains, for the
 * refusal stories: a static Storybook has no handler, so `fetch` calls under `/story-refusals/<kind>/`
 * get the contract's refusal body for that kind, and every other call goes out as usual.
 */
interface RefusalAnswer {
  status: number;
  body: { error: string; code?: string };
  headers?: Record<string, string>;
}

const REFUSAL_ANSWERS = {
  'bad-request': { status: 400, body: { error: 'Invalid file metadata', code: 'BAD_REQUEST' } },
  'sign-in': { status: 401, body: { error: 'Unauthorized' } },
  'not-allowed': { status: 403, body: { error: 'Upload token does not belong to the current user', code: 'AUTH_DENIED' } },
  'cross-site': { status: 403, body: { error: 'Cross-site request refused', code: 'AUTH_DENIED' } },
  rejected: { status: 403, body: { error: 'Upload rejected' } },
  'too-large': { status: 413, body: { error: 'File too large' } },
  'multipart-required': { status: 413, body: { error: 'File too large', code: 'MULTIPART_REQUIRED' } },
  'type-not-allowed': { status: 415, body: { error: 'File type not allowed' } },
  busy: { status: 503, body: { error: 'Service busy' }, headers: { 'retry-after': '20' } },
  'server-error': { status: 500, body: { error: 'Presign failed', code: 'PRESIGN_FAILED' } },
} satisfies Record<string, RefusalAnswer>;

export type RefusalKind = keyof typeof REFUSAL_ANSWERS;

const PREFIX = '/story-refusals/';
let installed = false;

/** Answers the handler calls of the refusal stories; installed once per page. */
export function installRefusalAnswers(): void {
  if (installed) return;
  installed = true;
  const realFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    if (url.origin !== location.origin || !url.pathname.startsWith(PREFIX)) return realFetch(input, init);
    const kind = url.pathname.slice(PREFIX.length).split('/')[0] as RefusalKind;
    const answer: RefusalAnswer | undefined = REFUSAL_ANSWERS[kind];
    if (!answer) return new Response(JSON.stringify({ error: 'Not found' }), { status: 404, headers: { 'content-type': 'application/json' } });
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json', ...answer.headers } });
  };
}
