import { GetBucketCorsCommand, PutBucketCorsCommand, type CORSRule, type S3Client } from '@aws-sdk/client-s3';

function allowsBrowserUploadFrom(rule: CORSRule, origin: string): boolean {
  const origins = rule.AllowedOrigins ?? [];
  return (origins.includes(origin) || origins.includes('*')) && (rule.AllowedMethods ?? []).includes('PUT');
}

/**
 * Adds a rule letting `origin` PUT, GET and HEAD (exposing ETag, which multipart clients read) to
 * the bucket's CORS configuration. PutBucketCors replaces the whole configuration, so the
 * existing rules are read first and kept; nothing is written when a rule already allows it.
 */
export async function ensureBucketCorsAllows(client: S3Client, bucket: string, origin: string): Promise<void> {
  let rules: CORSRule[] = [];
  try {
    rules = (await client.send(new GetBucketCorsCommand({ Bucket: bucket }))).CORSRules ?? [];
  } catch (error) {
    if ((error as { name?: string }).name !== 'NoSuchCORSConfiguration') throw error;
  }
  if (rules.some((rule) => allowsBrowserUploadFrom(rule, origin))) return;
  const rule: CORSRule = {
    AllowedOrigins: [origin],
    AllowedMethods: ['PUT', 'GET', 'HEAD'],
    AllowedHeaders: ['*'],
    ExposeHeaders: ['ETag', 'Retry-After'],
    MaxAgeSeconds: 3600,
  };
  await client.send(new PutBucketCorsCommand({ Bucket: bucket, CORSConfiguration: { CORSRules: [...rules, rule] } }));
}
