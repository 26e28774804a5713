/**
 * The reference for bench/check-in.ts: the scan route answered from memory. The same body is parsed,
 * each ticket's signature checked with the same key, and check-ins kept in a Map (a scan id seen
 * before answered as the first time); nothing is stored. What is left of the app's time is the
 * store, the stream and the checks of who may scan.
 */
import express from 'express';
import { ScanBatchSchema, type ScanResult } from '@circuit/shared/api/check-in';
import { parseTicketSigningKey, ticketKeys } from '@circuit/shared/tickets/ticket-keys';

const [port, key, listingId] = [Number(process.argv[2]), process.argv[3]!, process.argv[4]!];
const keys = ticketKeys(parseTicketSigningKey(key));
const checkedIn = new Map<string, string>();
const scans = new Map<string, ScanResult>();
const app = express();
app.use(express.json());
app.post('/api/check-in/event/:id/scans', (req, res) => {
  const { scans: batch } = ScanBatchSchema.parse(req.body);
  const results = batch.map((s): ScanResult => {
    const seen = scans.get(s.scanId);
    if (seen) return seen;
    const ticket = s.token ? keys.verify(s.token) : null;
    const refused = (message: string): ScanResult => ({ scanId: s.scanId, outcome: 'refused', attendee: null, checkedInAt: null, checkedInBy: null, message });
    if (!ticket) return refused('This ticket is not valid');
    if (ticket.l !== listingId) return refused('This ticket is for another listing');
    const at = checkedIn.get(ticket.u);
    const attendee = { userId: ticket.u, name: ticket.n, username: '' };
    if (at) return { scanId: s.scanId, outcome: 'already_checked_in', attendee, checkedInAt: at, checkedInBy: 'bench', message: 'Already checked in' };
    const now = new Date().toISOString();
    checkedIn.set(ticket.u, now);
    const result: ScanResult = { scanId: s.scanId, outcome: 'checked_in', attendee, checkedInAt: now, checkedInBy: 'bench', message: `${ticket.n} checked in` };
    scans.set(s.scanId, result);
    return result;
  });
  res.json({ success: true, message: 'Scans recorded', data: { results, counts: { registered: 0, checkedIn: checkedIn.size } } });
});
app.get('/readyz', (_req, res) => {
  res.json({ status: 'ready' });
});
app.listen(port);
