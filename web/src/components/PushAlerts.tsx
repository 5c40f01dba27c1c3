import { useEffect, useState } from 'react';
import { callApi, endpoints, serverMessage } from '../api/client';
import { TOPIC_NAMES, type Topic } from '../api/types';
import { TopicChoice } from './TopicChoice';

/** The site's public key as applicationServerKey wants it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

const supported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** Alerts on this device (Web Push): a new story in the topics the reader follows, and big stories. */
export function PushAlerts() {
  const [state, setState] = useState<'unknown' | 'off' | 'on' | 'busy'>('unknown');
  const [topics, setTopics] = useState<Topic[]>(['usa', 'international']);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  useEffect(() => {
    if (!supported()) return;
    let current = true;
    void navigator.serviceWorker.getRegistration().then(async (registration) => {
      // No worker (a browser that refused it): no alerts to offer.
      if (!registration || !current) return;
      setState((await registration.pushManager.getSubscription()) ? 'on' : 'off');
    });
    return () => {
      current = false;
    };
  }, []);
  if (!supported() || state === 'unknown') return null;

  const turnOn = async () => {
    setState('busy');
    setMessage(null);
    try {
      if ((await Notification.requestPermission()) !== 'granted') {
        setMessage({ text: 'Alerts need your browser’s permission to notify; it was not given.', error: true });
        setState('off');
        return;
      }
      const registration = await navigator.serviceWorker.ready;
      const { publicKey } = await callApi(endpoints.pushPublicKey);
      const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
      const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
      await callApi(endpoints.pushSubscribe, { body: { endpoint: json.endpoint, keys: json.keys, topics } });
      setMessage({ text: `Alerts are on for ${topics.map((topic) => TOPIC_NAMES[topic]).join(', ')}.`, error: false });
      setState('on');
    } catch (error) {
      setMessage({ text: serverMessage(error) ?? 'This browser could not turn alerts on.', error: true });
      setState('off');
    }
  };
  const turnOff = async () => {
    setState('busy');
    const subscription = await (await navigator.serviceWorker.ready).pushManager.getSubscription();
    if (subscription) {
      await callApi(endpoints.pushUnsubscribe, { body: { endpoint: subscription.endpoint } }).catch(() => {});
      await subscription.unsubscribe();
    }
    setMessage({ text: 'Alerts are off.', error: false });
    setState('off');
  };

  return (
    <section aria-labelledby="alerts-heading" className="card p-4 sm:p-5" data-testid="push-alerts">
      <h2 id="alerts-heading" className="text-lg font-semibold">
        Alerts on this device
      </h2>
      <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">A notification when a new story appears in your topics, and when a story grows big.</p>
      {state !== 'on' && <TopicChoice chosen={topics} onChange={setTopics} className="mt-3" />}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {state === 'on' ? (
          <button type="button" className="button-secondary" onClick={() => void turnOff()}>
            Turn alerts off
          </button>
        ) : (
          <button type="button" className="button-primary" disabled={state === 'busy' || topics.length === 0} onClick={() => void turnOn()}>
            {state === 'busy' ? 'Turning on…' : 'Turn alerts on'}
          </button>
        )}
        {message && (
          <p
            role={message.error ? 'alert' : 'status'}
            className={`text-sm ${message.error ? 'text-red-800 dark:text-red-300' : 'text-gray-800 dark:text-gray-200'}`}
          >
            {message.text}
          </p>
        )}
      </div>
    </section>
  );
}
