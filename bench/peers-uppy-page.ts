/**
 * Browser half of the peer benchmark for Uppy, built twice by peers.ts: written against the
 * major 6 install (npm aliases `uppy6-core`, `uppy6-aws-s3`), and built a second time with those
 * names (and `@uppy/core`, which aws-s3 imports) resolved to the major 5 install, so both run in
 * one page. Uppy runs at its defaults (parallel parts in 5, parts in turn in 6), with 8 MiB parts like
 * every other uploader in the table; its companion-style requests go to the bench server's shim.
 */
import Uppy from 'uppy6-core';
import AwsS3 from 'uppy6-aws-s3';
import { benchFile, measureRun, type RunFigures } from './support/peer-run.js';

declare const UPPY_MAJOR: string;

const PART_BYTES = 8 * 1024 * 1024;

async function runUppy(): Promise<RunFigures> {
  const file = benchFile();
  // Major 5 names the companion origin `endpoint`, major 6 `companionEndpoint`.
  const companion = `${location.origin}/companion/${file.size}`;
  const uppy = new Uppy({ id: `uppy-${Date.now()}` }).use(AwsS3, {
    ...(UPPY_MAJOR === '5' ? { endpoint: companion } : { companionEndpoint: companion }),
    shouldUseMultipart: true,
    getChunkSize: () => PART_BYTES,
  } as never);
  uppy.addFile({ name: file.name, type: file.type, data: file });
  let successful = 0;
  const figures = await measureRun(async () => {
    successful = (await uppy.upload())?.successful?.length ?? 0;
  });
  uppy.destroy();
  if (successful !== 1) throw new Error(`Uppy ${UPPY_MAJOR} upload did not succeed`);
  return figures;
}

Object.assign(window, { [`runUppy${UPPY_MAJOR}`]: runUppy, [`uppy${UPPY_MAJOR}Versions`]: `@uppy/core ${Uppy.VERSION}, @uppy/aws-s3 ${AwsS3.VERSION}` });
