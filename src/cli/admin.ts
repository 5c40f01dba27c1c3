// `newsctl admin create` and `newsctl token create|list|revoke`.
import type { Command } from 'commander';
import { formatTable, printJson, promptHidden, readStdin } from './io.js';
import { withBackend, withDataOptions, type DataOptions } from './options.js';

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
    const result = await withBackend(options, (backend) =>
      backend.request<{ created: boolean; username: string }>('POST', '/api/admin/users', { username: options.username, password }),
    );
    if (options.json) printJson(result);
    else console.log(result.created ? `Administrator ${result.username} created.` : `Password of ${result.username} reset; their sessions ended.`);
  });

  const token = program.command('token').description('API tokens for driving a daemon remotely (NEWSCTL_TOKEN)');
  withDataOptions(token.command('create').description('create a token; it is printed once').requiredOption('--name <name>', 'what the token is for')).action(
    async (options: DataOptions & { name: string }) => {
      const created = await withBackend(options, (backend) =>
        backend.request<{ id: number; name: string; token: string }>('POST', '/api/tokens', { name: options.name }),
      );
      if (options.json) printJson(created);
      else console.log(`Token "${created.name}" (id ${created.id}), shown only now:\n${created.token}`);
    },
  );
  withDataOptions(token.command('list').description('list tokens')).action(async (options: DataOptions) => {
    const { tokens } = await withBackend(options, (backend) =>
      backend.request<{ tokens: Record<string, unknown>[] }>('GET', '/api/tokens'),
    );
    if (options.json) printJson(tokens);
    else console.log(tokens.length ? formatTable(tokens, ['id', 'name', 'createdAt', 'lastUsedAt']) : 'No API tokens.');
  });
  withDataOptions(token.command('revoke').description('revoke a token').argument('<id>', 'token id')).action(
    async (id: string, options: DataOptions) => {
      await withBackend(options, (backend) => backend.request('DELETE', `/api/tokens/${encodeURIComponent(id)}`));
      if (!options.json) console.log(`Token ${id} revoked.`);
    },
  );
}
