import { describe } from 'node:test';
import { createStorage } from 'unstorage';
import { createMemoryTokenStore, createUnstorageTokenStore } from '../../../server/index.js';
import { describeTokenStoreContract } from './support/token-store-contract.js';

describe('token stores', () => {
  describe('createMemoryTokenStore', () => {
    describeTokenStoreContract(() => createMemoryTokenStore());
  });

  describe('createUnstorageTokenStore over the memory driver (which ignores TTLs)', () => {
    describeTokenStoreContract(() => createUnstorageTokenStore(createStorage()));
  });
});
