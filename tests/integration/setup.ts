// RxDB's Dexie storage runs on fake-indexeddb in Node (docs/architecture.md#data).
import 'fake-indexeddb/auto';
