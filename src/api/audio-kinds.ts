/**
 * What PUT /api/audio-scripts/{kind} edits (its own module so that the answer schemas and the wire
 * types both read it without importing each other).
 */
export const EDITABLE_SCRIPT_KINDS = ['conversational', 'conversational-enhanced', 'interview', 'interview-refined', 'lyrics'] as const;
