// Music: one HTTP call to a music API described by the music configuration, or offline the
// synthesised backing track under the spoken lyrics.
export { generateWithMusicApi, fillTemplate, valueAt, MAX_AUDIO_BYTES } from './http.js';
export { renderBacking, type SongLine } from './offline.js';
export type { MusicConfig } from './types.js';
