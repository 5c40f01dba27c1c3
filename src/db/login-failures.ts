import type { Queryable } from './client.js';

export async function recordLoginFailure(sql: Queryable, username: string, ip: string): Promise<void> {
  await sql`insert into login_failures (username, ip) values (${username}, ${ip})`;
}

export interface FailureWindow {
  count: number;
  oldest: Date | null;
}

/**
 * Failures since `since`, counted three ways: for this username from anywhere, from this client
 * address for any username, and for this username from this address.
 */
export async function recentLoginFailures(
  sql: Queryable,
  username: string,
  ip: string,
  since: Date,
): Promise<{ byUsername: FailureWindow; byIp: FailureWindow; byPair: FailureWindow }> {
  const [row] = await sql<{ userCount: number; userOldest: Date | null; ipCount: number; ipOldest: Date | null; pairCount: number; pairOldest: Date | null }[]>`
    select
      count(*) filter (where username = ${username})::int as user_count,
      min(failed_at) filter (where username = ${username}) as user_oldest,
      count(*) filter (where ip = ${ip})::int as ip_count,
      min(failed_at) filter (where ip = ${ip}) as ip_oldest,
      count(*) filter (where username = ${username} and ip = ${ip})::int as pair_count,
      min(failed_at) filter (where username = ${username} and ip = ${ip}) as pair_oldest
    from login_failures
    where failed_at > ${since} and (username = ${username} or ip = ${ip})`;
  return {
    byUsername: { count: row!.userCount, oldest: row!.userOldest },
    byIp: { count: row!.ipCount, oldest: row!.ipOldest },
    byPair: { count: row!.pairCount, oldest: row!.pairOldest },
  };
}

/** A successful login clears what its own address failed for that name; others' failures stand. */
export async function clearLoginFailures(sql: Queryable, username: string, ip: string): Promise<void> {
  await sql`delete from login_failures where username = ${username} and ip = ${ip}`;
}

export async function deleteLoginFailuresBefore(sql: Queryable, cutoff: Date): Promise<number> {
  return (await sql`delete from login_failures where failed_at < ${cutoff}`).count;
}
