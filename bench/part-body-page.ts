/**
 * Browser half of the part-body benchmark (part-body.ts): PUTs one part's bytes the way the
 * engine does (XMLHttpRequest with upload progress) in three forms, to a sink on the page's own
 * origin that reads and drops them.
 */
import { randomBenchFile } from './support/random-file.js';

const MIB = 1024 * 1024;

export type PartBodyForm = 'slice' | 'buffer' | 'blob-of-buffer';

let file: File | undefined;

function makeFile(sizeMiB: number): number {
  file = randomBenchFile(sizeMiB, 'part-body-bench');
  return file.size;
}

function put(body: Blob | ArrayBuffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', '/sink');
    request.upload.onprogress = () => undefined;
    request.onload = () => (request.status === 200 ? resolve() : reject(new Error(`sink answered ${request.status}`)));
    request.onerror = () => reject(new Error('PUT failed'));
    request.send(body);
  });
}

/**
 * Sends every part of the file in `form`, one at a time, and answers the milliseconds spent in
 * the PUTs. `slice`: a fresh Blob slice (what the engine sends: the browser reads the bytes
 * again); `buffer`: the bytes already read, as an ArrayBuffer (what handing the hashed bytes to
 * the PUT would send); `blob-of-buffer`: those bytes wrapped in a new Blob (a copy into the
 * browser's blob storage, counted). The read that gives the last two their bytes is not counted:
 * it stands for the read the digest has already made.
 */
async function sendParts(form: PartBodyForm, partMiB: number): Promise<{ ms: number }> {
  const partSize = partMiB * MIB;
  let ms = 0;
  for (let offset = 0; offset < file!.size; offset += partSize) {
    const slice = file!.slice(offset, offset + partSize);
    const bytes = form === 'slice' ? undefined : await slice.arrayBuffer();
    const started = performance.now();
    if (form === 'slice') await put(slice);
    else if (form === 'buffer') await put(bytes!);
    else await put(new Blob([bytes!]));
    ms += performance.now() - started;
  }
  return { ms };
}

Object.assign(window, { makeFile, sendParts });
