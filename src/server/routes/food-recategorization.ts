// The food re-categorization job.
import type { FastifyInstance } from 'fastify';
import {
  foodRecategorizationStatus,
  startFoodRecategorization,
  stopFoodRecategorization,
} from '../../services/food-recategorization/index.js';

export default async function foodRecategorizationRoutes(app: FastifyInstance): Promise<void> {
  app.get('/food-recategorization/status', async () => foodRecategorizationStatus(app.ctx));
  app.post('/food-recategorization/start', async () => startFoodRecategorization(app.ctx));
  app.post('/food-recategorization/stop', async () => stopFoodRecategorization(app.ctx));
}
