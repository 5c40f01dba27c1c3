// Wire types of the webhook deliveries list (GET /api/webhooks/deliveries).
import type { z } from 'zod';
import type { webhookDelivery } from './schemas/operations.js';

export type WebhookDeliveryView = z.infer<typeof webhookDelivery>;
