// Music: one HTTP call to a music API described by the music configuration, or offline the
// synthesised backing track under the spoken lyrics.
export { generateWithMusicApi, fillTemplate, valueAt, MAX_AUDIO_BYTES } from './http.js';
export { renderBacking, syllables, planBars, keyOffset, type Backing, type BarPlan, type SongLine, type SongStyle } from './offline.js';
export { musicConfigSchema, musicProviderSchema, MusicProviderError, type MusicConfig, type MusicProviderConfig } from './types.js';
