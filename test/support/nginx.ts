/**
 * A real nginx terminating TLS on loopback, as a deployment puts it in front of the handler: its
 * own configuration, certificate, pid and logs in a temporary folder (never the system's), random
 * ports, one process (`master_process off`) so stopping it leaves no worker behind. The
 * certificate is self-signed, made with `openssl` when nginx starts.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { canInstallDebianPackages, commandExists, installDebianPackages } from '../../scripts/lib/debian.mjs';
import { findNginx } from '../../scripts/lib/find-nginx.mjs';
import { waitForPort } from './scale-out/load-balancer.js';

export interface NginxServer {
  /** `listen` port and the directives of its `server` block, TLS excluded (added here). */
  port: number;
  directives: string;
}

export interface Nginx {
  /** The self-signed certificate every server presents (PEM), for clients that check it. */
  certificate: string;
  stop(): Promise<void>;
}

/** Why nginx cannot run here, or `undefined` when it can (installing nginx and openssl if needed). */
export function findNginxBlocker(): string | undefined {
  if (!commandExists('openssl') && canInstallDebianPackages()) installDebianPackages(['openssl']);
  if (!commandExists('openssl')) return 'openssl is not installed (apt-get install openssl)';
  if (!findNginx()) return 'nginx is not installed (apt-get install nginx)';
  return undefined;
}

function createSelfSignedCertificate(folder: string): void {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      join(folder, 'key.pem'),
      '-out',
      join(folder, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
}

function toConfig(folder: string, servers: NginxServer[]): string {
  const path = (name: string) => join(folder, name);
  return `daemon off;
master_process off;
pid ${path('nginx.pid')};
error_log ${path('error.log')} warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${path('client-body')};
  proxy_temp_path ${path('proxy')};
  fastcgi_temp_path ${path('fastcgi')};
  uwsgi_temp_path ${path('uwsgi')};
  scgi_temp_path ${path('scgi')};
${servers
  .map(
    ({ port, directives }) => `  server {
    listen 127.0.0.1:${port} ssl;
    ssl_certificate ${path('cert.pem')};
    ssl_certificate_key ${path('key.pem')};
${directives
  .trim()
  .split('\n')
  .map((line) => `    ${line.trim()}`)
  .join('\n')}
  }`,
  )
  .join('\n')}
}
`;
}

export async function startNginx(servers: NginxServer[]): Promise<Nginx> {
  const folder = mkdtempSync(join(tmpdir(), 'svc-nginx-'));
  const stopped = () => rmSync(folder, { recursive: true, force: true });
  try {
    createSelfSignedCertificate(folder);
    writeFileSync(join(folder, 'nginx.conf'), toConfig(folder, servers));
  } catch (error) {
    stopped();
    throw error;
  }
  let output = '';
  // -e: nginx opens its compiled-in error log before reading the configuration.
  const child = spawn(findNginx()!, ['-p', folder, '-e', join(folder, 'error.log'), '-c', join(folder, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    stopped();
  };
  try {
    for (const { port } of servers) await waitForPort(port, child, 'nginx');
  } catch (error) {
    const log = readLog(folder);
    await stop();
    throw new Error(`${(error as Error).message}\n${output}\n${log}`);
  }
  return { certificate: readFileSync(join(folder, 'cert.pem'), 'utf8'), stop };
}

function readLog(folder: string): string {
  try {
    return readFileSync(join(folder, 'error.log'), 'utf8');
  } catch {
    return '';
  }
}
