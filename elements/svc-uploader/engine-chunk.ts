/**
 * What the element loads after its first paint (deferred-engine.ts): the engine, and the bridge
 * that turns its events into the element's, which has nothing to do before there is an engine.
 */
export { UploadEngine } from '../../engine/engine.js';
export { bridgeEngineEvents } from './engine-bridge.js';
