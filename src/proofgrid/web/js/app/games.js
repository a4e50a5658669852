// The old name of js/app/saved-games.js (saved-game storage), kept only for
// js/app/data-transfer.js and its test until their import moves there
// (another change owns that file); delete this module then.

export * from './saved-games.js';
