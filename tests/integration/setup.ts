// RxDB's Dexie storage runs on fake-indexeddb in Node (DESIGN.md "Data").
import 'fake-indexeddb/auto';
