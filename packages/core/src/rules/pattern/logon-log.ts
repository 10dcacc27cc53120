/**
 * Every successful logon (SM20 AU1 AU5) of a file in a compact form, for MULTIPLE_LOGONS_BY_USER
 * and UNEXPECTED_NETWORK_LOGON: users and addresses as ids into small dictionaries, times as
 * numbers; no object per logon. Step 1 keeps every logon in the facts (20 bytes each); correlation
 * makes one log per SM20 file of them (engine/correlate/correlate-step.ts).
 */

/** The logons of one byte range, as plain data (it crosses threads). */
export interface LogonLog {
  users: string[];
  /** The peer address without its port, or the terminal where no address is given. */
  addresses: string[];
  user: number[];
  address: number[];
  /** 1: the address is a peer address (an IP), 0: a terminal name. */
  peer: number[];
  time: number[];
}

export class LogonLogBuilder {
  private readonly userIds = new Map<string, number>();
  private readonly addressIds = new Map<string, number>();
  private readonly log: LogonLog = { users: [], addresses: [], user: [], address: [], peer: [], time: [] };

  /** One logon; one without an address or a time is left out (it can be part of neither pattern). */
  add(user: string, peer: string, terminal: string, epoch: number): void {
    const address = peer !== '' ? peer : terminal;
    if (address === '' || Number.isNaN(epoch)) return;
    const log = this.log;
    let u = this.userIds.get(user);
    if (u === undefined) {
      this.userIds.set(user, (u = log.users.length));
      log.users.push(user);
    }
    let a = this.addressIds.get(address);
    if (a === undefined) {
      this.addressIds.set(address, (a = log.addresses.length));
      log.addresses.push(address);
    }
    log.user.push(u);
    log.address.push(a);
    log.peer.push(peer !== '' ? 1 : 0);
    log.time.push(epoch);
  }

  toPlain(): LogonLog {
    return this.log;
  }
}

/** One logon of the logs: its user (upper-cased), address, whether that is a peer address, and time. */
export interface LoggedLogon {
  user: string;
  address: string;
  peer: boolean;
  time: number;
}

/** The logons of the logs per user (upper-cased), each user's in time order. */
export function logonsByUser(logs: readonly LogonLog[]): Map<string, LoggedLogon[]> {
  const byUser = new Map<string, LoggedLogon[]>();
  for (const log of logs) {
    const upper = log.users.map((u) => u.trim().toUpperCase());
    for (let i = 0; i < log.time.length; i++) {
      const user = upper[log.user[i]!]!;
      if (user === '') continue;
      let list = byUser.get(user);
      if (list === undefined) byUser.set(user, (list = []));
      list.push({ user, address: log.addresses[log.address[i]!]!, peer: log.peer[i] === 1, time: log.time[i]! });
    }
  }
  for (const list of byUser.values()) list.sort((a, b) => a.time - b.time);
  return byUser;
}
