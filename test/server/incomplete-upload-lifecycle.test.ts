/**
 * The lifecycle rule that lets storage reap abandoned multipart uploads after the resume window.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { GetBucketLifecycleConfigurationCommand, PutBucketLifecycleConfigurationCommand } from '@aws-sdk/client-s3';
import { applyIncompleteUploadLifecycleRule, createIncompleteUploadLifecycleRule, isUpupError } from '../../server/index.js';
import { getTestStorage, type TestStorage } from '../support/storage.js';

describe('incomplete multipart upload lifecycle rule', () => {
  let storage: TestStorage;

  before(async () => {
    storage = await getTestStorage();
  });

  it('aborts after whole days, at least one, rounded up from the resume window (default one day)', () => {
    const days = (resumeWindowSeconds?: number) =>
      createIncompleteUploadLifecycleRule({ resumeWindowSeconds }).AbortIncompleteMultipartUpload?.DaysAfterInitiation;
    assert.deepEqual([days(), days(0), days(600), days(86_400), days(86_401), days(7 * 86_400)], [1, 1, 1, 1, 2, 7]);
    assert.deepEqual(createIncompleteUploadLifecycleRule({ prefix: 'uploads/', id: 'reap' }), {
      ID: 'reap',
      Status: 'Enabled',
      Filter: { Prefix: 'uploads/' },
      AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
    });
    for (const resumeWindowSeconds of [-1, 1.5, Number.NaN]) {
      assert.throws(
        () => createIncompleteUploadLifecycleRule({ resumeWindowSeconds }),
        (error) => isUpupError(error) && /resumeWindowSeconds/.test(error.message),
      );
    }
  });

  it('applies the rule to the bucket, replacing its own earlier version and keeping other rules', async (t) => {
    if (storage.kind === 's3rver') {
      t.skip('the s3rver development store has no lifecycle configuration');
      return;
    }
    const bucket = await storage.createBucket('lifecycle');
    const config = storage.storageConfig(bucket);
    const expireTemp = { ID: 'expire-temp', Status: 'Enabled' as const, Filter: { Prefix: 'temp/' }, Expiration: { Days: 3 } };
    await storage.client.send(new PutBucketLifecycleConfigurationCommand({ Bucket: bucket, LifecycleConfiguration: { Rules: [expireTemp] } }));

    await applyIncompleteUploadLifecycleRule(config, { resumeWindowSeconds: 86_400 });
    const applied = await applyIncompleteUploadLifecycleRule(config, { resumeWindowSeconds: 3 * 86_400 - 1 });
    assert.equal(applied.AbortIncompleteMultipartUpload?.DaysAfterInitiation, 3);

    const stored = await storage.client.send(new GetBucketLifecycleConfigurationCommand({ Bucket: bucket }));
    const summary = (stored.Rules ?? [])
      .map((rule) => [rule.ID, rule.Status, rule.AbortIncompleteMultipartUpload?.DaysAfterInitiation, rule.Expiration?.Days])
      .sort();
    assert.deepEqual(summary, [
      ['expire-temp', 'Enabled', undefined, 3],
      ['svc-uploader-abort-incomplete-multipart-uploads', 'Enabled', 3, undefined],
    ]);
  });

  it('applies to a bucket that had no lifecycle configuration', async (t) => {
    if (storage.kind === 's3rver') {
      t.skip('the s3rver development store has no lifecycle configuration');
      return;
    }
    const bucket = await storage.createBucket('lifecycle-empty');
    await applyIncompleteUploadLifecycleRule(storage.storageConfig(bucket));
    const stored = await storage.client.send(new GetBucketLifecycleConfigurationCommand({ Bucket: bucket }));
    assert.deepEqual(
      stored.Rules?.map((rule) => [rule.ID, rule.AbortIncompleteMultipartUpload?.DaysAfterInitiation]),
      [['svc-uploader-abort-incomplete-multipart-uploads', 1]],
    );
  });
});
