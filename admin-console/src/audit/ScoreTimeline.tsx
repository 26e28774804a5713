import { Box, Button, Chip, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { ScoreTimelineEntry } from '@circuit/shared/api/admin-judging';
import { viewer } from '../when';

const describe = (e: ScoreTimelineEntry) => `${e.judgeUsername ?? e.judgeUserId}, ${e.projectTitle ?? e.projectId}, ${e.criterionName ?? e.criterionId} ${e.oldValue === null ? '' : `${e.oldValue} to `}${e.newValue}`;

/**
 * Every score event of the hackathon, oldest first, as read from the judges' streams. A row's
 * button replays the standings as they stood right after it; rows after the chosen moment are dimmed.
 */
export function ScoreTimeline({ entries, at, onReplayAt }: { entries: ScoreTimelineEntry[]; at: string | null; onReplayAt(at: string): void }) {
  const until = at === null ? Infinity : Date.parse(at);
  // The last event counted at the chosen moment: the row the replay stands on.
  const current = entries.findLastIndex((e) => Date.parse(e.at) <= until);
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Score events">
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell>Time</TableCell>
            <TableCell>Judge</TableCell>
            <TableCell>Project</TableCell>
            <TableCell>Criterion</TableCell>
            <TableCell>Score</TableCell>
            <TableCell>Event</TableCell>
            {/* Relative: the hidden label is placed inside the scrolling table, never past the page's edge. */}
            <TableCell sx={{ position: 'relative' }}>
              <Box component="span" sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}>
                Replay
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((e, i) => {
            const later = Date.parse(e.at) > until;
            const here = i === current && at !== null;
            return (
              <TableRow
                key={e.position}
                aria-current={here ? 'true' : undefined}
                sx={{ opacity: later ? 0.55 : 1, ...(here ? { bgcolor: 'action.selected', boxShadow: (t) => `inset 4px 0 0 ${t.palette.primary.main}` } : {}) }}
              >
                <TableCell>{i + 1}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <time dateTime={e.at}>{viewer.dateTime(e.at, { weekday: false })}</time>
                </TableCell>
                <TableCell>{e.judgeUsername ?? <code>{e.judgeUserId}</code>}</TableCell>
                <TableCell>{e.projectTitle ?? <code>{e.projectId}</code>}</TableCell>
                <TableCell>{e.criterionName ?? <code>{e.criterionId}</code>}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                  {e.oldValue === null ? '' : `${e.oldValue} → `}
                  {e.newValue}
                  {e.scale !== null && (
                    <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
                      {' '}
                      / {e.scale}
                    </Box>
                  )}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {e.type === 'HackathonScoreChanged' ? 'Changed' : 'Given'}
                  {e.afterPublication && <Chip size="small" color="warning" label="After publication" sx={{ ml: 1 }} />}
                </TableCell>
                <TableCell>
                  <Button size="small" variant={here ? 'contained' : 'outlined'} onClick={() => onReplayAt(e.at)} aria-label={`Replay at this event: ${describe(e)}`} sx={{ whiteSpace: 'nowrap' }}>
                    Replay here
                  </Button>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
