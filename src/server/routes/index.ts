// The URL table: every /api area, each in its own file.
import type { FastifyInstance } from 'fastify';
import authRoutes from './auth.js';
import domainRoutes from './domains.js';
import foodRecategorizationRoutes from './food-recategorization.js';
import healthRoutes from './health.js';
import logRoutes from './logs.js';
import publicRoutes from './public.js';
import settingsRoutes from './settings.js';
import spiderRoutes from './spider.js';
import statusRoutes from './status.js';
import trendsRoutes from './trends.js';

export const apiRoutes: ((app: FastifyInstance) => Promise<void>)[] = [
  authRoutes,
  publicRoutes,
  healthRoutes,
  settingsRoutes,
  logRoutes,
  statusRoutes,
  trendsRoutes,
  foodRecategorizationRoutes,
  spiderRoutes,
  domainRoutes,
];
