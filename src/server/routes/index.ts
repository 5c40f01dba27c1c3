// The URL table: every /api area, each in its own file.
import type { FastifyInstance } from 'fastify';
import audioRoutes from './audio.js';
import authRoutes from './auth.js';
import dbRoutes from './db.js';
import domainRoutes from './domains.js';
import foodRecategorizationRoutes from './food-recategorization.js';
import generatorRoutes from './generator.js';
import healthRoutes from './health.js';
import jobRoutes from './jobs.js';
import logRoutes from './logs.js';
import musicRoutes from './music.js';
import podcastRoutes from './podcast.js';
import publicRoutes from './public.js';
import settingsRoutes from './settings.js';
import socialRoutes from './social.js';
import spiderRoutes from './spider.js';
import statusRoutes from './status.js';
import trendsRoutes from './trends.js';
import subscriptionRoutes from './subscriptions.js';
import webhookRoutes from './webhooks.js';

export const apiRoutes: ((app: FastifyInstance) => Promise<void>)[] = [
  authRoutes,
  publicRoutes,
  healthRoutes,
  dbRoutes,
  settingsRoutes,
  socialRoutes,
  logRoutes,
  statusRoutes,
  jobRoutes,
  trendsRoutes,
  foodRecategorizationRoutes,
  generatorRoutes,
  spiderRoutes,
  domainRoutes,
  audioRoutes,
  podcastRoutes,
  musicRoutes,
  webhookRoutes,
  subscriptionRoutes,
];
