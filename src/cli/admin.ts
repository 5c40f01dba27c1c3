// `newsctl admin create` and `newsctl token create|list|revoke`.
import type { Command } from 'commander';
import { formatTable, printJson, promptHidden, readStdin } from './io.js';
import { parseInteger, withClient, withDataOptions, type DataOptions } from './options.js';
import { productTimeZone } from './time.js';
import { dateTime } from '../terminal/time.js';

export function registerAdminCommands(program: Command): void {
  const admin = program.command('admin').description('administrator accounts');
  withDataOptions(
    admin
      .command('create')
      .description('add an administrator, or reset the password of an existing one (their sessions end)')
      .requiredOption('--username <name>', 'user name')
      .option('--password-stdin', 'read the password from standard input instead of prompting'),
  ).action(async (options: DataOptions & { username: string; passwordStdin?: boolean }) => {
    const password = options.passwordStdin
      ? (await readStdin()).replace(/\r?\n$/, '')
      : await (async () => {
          const first = await promptHidden('Password: ');
          const second = await promptHidden('Repeat password: ');
          if (first !== second) throw new Error('The two passwords differ');
          return first;
        })();
    const result = await withClient(options, (client) => client.auth.setAdmin(options.username, password));
    if (options.json) printJson(result);
    else console.log(result.created ? `Administrator ${result.username} created.` : `Password of ${result.username} reset; their sessions ended.`);
  });

  const token = program.command('token').description('API tokens for driving a daemon remotely (NEWSCTL_TOKEN)');
  withDataOptions(token.command('create').description('create a token; it is printed once').requiredOption('--name <name>', 'what the token is for')).action(
    async (options: DataOptions & { name: string }) => {
      const created = await withClient(options, (client) => client.auth.createToken(options.name));
      if (options.json) printJson(created);
      else console.log(`Token "${created.name}" (id ${created.id}), shown only now:\n${created.token}`);
    },
  );
  withDataOptions(token.command('list').description('list tokens')).action(async (options: DataOptions) => {
    const [{ tokens }, timeZone] = await withClient(
      options,
      async (client) => [await client.auth.tokens(), options.json ? null : await productTimeZone(client)] as const,
    );
    if (options.json) printJson(tokens);
    else {
      const rows = tokens.map((t) => ({ id: t.id, name: t.name, createdAt: dateTime(t.createdAt, timeZone), lastUsedAt: dateTime(t.lastUsedAt, timeZone) }));
      console.log(rows.length ? formatTable(rows, ['id', 'name', 'createdAt', 'lastUsedAt']) : 'No API tokens.');
    }
  });
  withDataOptions(token.command('revoke').description('revoke a token').argument('<id>', 'token id')).action(async (id: string, options: DataOptions) => {
    const tokenId = parseInteger(id, 'token id');
    await withClient(options, (client) => client.auth.revokeToken(tokenId));
    if (!options.json) console.log(`Token ${id} revoked.`);
  });
}
