// One route table for every named setting: GET and POST /api/{key}, generated from
// the settings schema table. The settings the public site reads come from the public snapshot.
import type { FastifyInstance } from 'fastify';
import { describeSettings } from '../../services/platform/settings/describe.js';
import { readSetting, SETTINGS, updateSetting } from '../../services/platform/settings/index.js';
import { SNAPSHOT_SETTING_KEYS } from '../../services/reader/snapshot/index.js';
import { fromSnapshot, sendSnapshot } from '../snapshot-reply.js';
import { endpoints, settingEndpoints } from '../../api/endpoints.js';

export default async function settingsRoutes(app: FastifyInstance): Promise<void> {
  // The definitions themselves, for editors: fields, kinds, limits, labels.
  app.get(endpoints.settings.path, async () => describeSettings(app.ctx));

  for (const definition of SETTINGS) {
    const route = settingEndpoints(definition.key);
    const snapshotKey = SNAPSHOT_SETTING_KEYS.find((key) => key === definition.key);
    if (snapshotKey) {
      app.get(route.read.path, fromSnapshot, async (request, reply) => sendSnapshot(request, reply, await app.snapshot.read(snapshotKey)));
    } else {
      app.get(route.read.path, { config: { public: Boolean(definition.publicRead) } }, async () => readSetting(app.ctx, definition.key));
    }
    app.post(route.write.path, { config: { whileDiskFull: true } }, async (request) => updateSetting(app.ctx, definition.key, request.body));
  }
}
