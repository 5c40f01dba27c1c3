import type { Queryable } from './client.js';

export async function recordLoginFailure(sql: Queryable, username: string, ip: string): Promise<void> {
  await sql`insert into login_failures (username, ip) values (${username}, ${ip})`;
}

export interface FailureWindow {
  count: number;
  oldest: Date | null;
}

/** Failures since `since` for this username, and for this client address, counted separately. */
export async function recentLoginFailures(
  sql: Queryable,
  username: string,
  ip: string,
  since: Date,
): Promise<{ byUsername: FailureWindow; byIp: FailureWindow }> {
  const [row] = await sql<{ userCount: number; userOldest: Date | null; ipCount: number; ipOldest: Date | null }[]>`
    select
      count(*) filter (where username = ${username})::int as user_count,
      min(failed_at) filter (where username = ${username}) as user_oldest,
      count(*) filter (where ip = ${ip})::int as ip_count,
      min(failed_at) filter (where ip = ${ip}) as ip_oldest
    from login_failures
    where failed_at > ${since} and (username = ${username} or ip = ${ip})`;
  return {
    byUsername: { count: row!.userCount, oldest: row!.userOldest },
    byIp: { count: row!.ipCount, oldest: row!.ipOldest },
  };
}

export async function clearLoginFailures(sql: Queryable, username: string): Promise<void> {
  await sql`delete from login_failures where username = ${username}`;
}

export async function deleteLoginFailuresBefore(sql: Queryable, cutoff: Date): Promise<number> {
  return (await sql`delete from login_failures where failed_at < ${cutoff}`).count;
}
