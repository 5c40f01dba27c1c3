// The food re-categorization job.
import type { FastifyInstance } from 'fastify';
import { foodRecategorizationStatus, startFoodRecategorization, stopFoodRecategorization } from '../../services/reader/food-recategorization/index.js';
import { endpoints } from '../../api/endpoints.js';

export default async function foodRecategorizationRoutes(app: FastifyInstance): Promise<void> {
  app.get(endpoints.foodStatus.path, async () => foodRecategorizationStatus(app.ctx));
  app.post(endpoints.startFood.path, async () => startFoodRecategorization(app.ctx));
  app.post(endpoints.stopFood.path, async () => stopFoodRecategorization(app.ctx));
}
