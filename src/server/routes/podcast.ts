// The Podcast and Interviews tabs' calls.
import type { FastifyInstance } from 'fastify';
import { contextJob, contextSlot } from '../../context.js';
import { acceptEmptyJson } from './empty-json.js';
import {
  enhanceConversationalScript,
  generateConversationalAudio,
  generateConversationalScript,
  lastConversationalScript,
} from '../../services/newsroom/audio/podcast.js';
import { generateInterviewAudio, generateInterviewScript, lastInterviewScript, refineInterviewScript } from '../../services/newsroom/audio/interview.js';
import { endpoints } from '../../api/endpoints.js';

/** Refinements running in this process, each abortable by POST …/stop. */
const INTERVIEW_REFINEMENTS = contextSlot<Set<AbortController>>('interview-refinements');

export default async function podcastRoutes(app: FastifyInstance): Promise<void> {
  acceptEmptyJson(app);
  app.get(endpoints.lastPodcastScript.path, async () => lastConversationalScript(app.ctx));
  app.post(endpoints.podcastScript.path, async () => generateConversationalScript(app.ctx));
  app.post<{ Body: { script?: string } | null }>(endpoints.enhancePodcastScript.path, async (request) =>
    enhanceConversationalScript(app.ctx, request.body ?? {}),
  );
  app.post<{ Body: { script?: string } | null }>(endpoints.podcastAudio.path, async (request) => generateConversationalAudio(app.ctx, request.body ?? {}));

  app.get(endpoints.lastInterviewScript.path, async () => lastInterviewScript(app.ctx));
  app.post(endpoints.interviewScript.path, async () => generateInterviewScript(app.ctx));
  // Abortable: a client that goes away, or POST …/stop, stops the refinement.
  const refinements = () => contextJob(app.ctx, INTERVIEW_REFINEMENTS, () => new Set<AbortController>());
  app.post<{ Body: { interview?: string } | null }>(endpoints.refineInterview.path, async (request, reply) => {
    const controller = new AbortController();
    // The response closing before it was written means the client went away (the request's own
    // 'close' fires as soon as its body has been read).
    const onClose = () => {
      if (!reply.raw.writableFinished) controller.abort(new Error('the client went away'));
    };
    reply.raw.on('close', onClose);
    refinements().add(controller);
    try {
      return await refineInterviewScript(app.ctx, request.body ?? {}, controller.signal);
    } finally {
      refinements().delete(controller);
      reply.raw.off('close', onClose);
    }
  });
  app.post(endpoints.stopInterviewRefinement.path, async () => {
    const running = [...refinements()];
    for (const controller of running) controller.abort(new Error('stopped'));
    return { message: running.length ? 'Refinement Stopped' : 'No refinement is running' };
  });
  app.post<{ Body: { script?: string } | null }>(endpoints.interviewAudio.path, async (request) => generateInterviewAudio(app.ctx, request.body ?? {}));
}
