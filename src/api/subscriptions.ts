// Wire types of the routes that reach readers: the digest's (subscribe, the subscriber list, a send) and Web Push's.
import type { z } from 'zod';
import type { digestSendResult, subscribeAnswer, subscriber, subscriberList } from './schemas/subscriptions.js';

export type SubscribeAnswer = z.infer<typeof subscribeAnswer>;
export type SubscriberView = z.infer<typeof subscriber>;
export type SubscriberList = z.infer<typeof subscriberList>;
export type DigestSendResult = z.infer<typeof digestSendResult>;

export type DigestFrequency = 'daily' | 'weekly';

export interface SubscribeRequest {
  email: string;
  topics: string[];
  frequency: DigestFrequency;
}

export interface PushSubscribeRequest {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  topics: string[];
}
