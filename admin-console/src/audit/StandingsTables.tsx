import { alpha, Box, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { JudgingStandings, TrackRanking } from '@circuit/shared/api/hackathon-judging';

type Norm = 'raw' | 'zscore' | 'trimmed';
const NORMS: { key: Norm; label: string }[] = [
  { key: 'raw', label: 'Raw' },
  { key: 'zscore', label: 'Z-score' },
  { key: 'trimmed', label: 'Trimmed' },
];

/** raw and trimmed are 0..1; a z-score is judges' deviations from their own mean, signed. */
const valueText = (norm: Norm, value: number | null) => (value === null ? '' : norm === 'zscore' ? `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(2)} sd` : value.toFixed(3));

/** A place: '1st'; '—' while unscored. */
const placeText = (place: number | null) => {
  if (place === null) return '—';
  const tens = place % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][place % 10] ?? 'th');
  return `${place}${suffix}`;
};

function Track({ track, now }: { track: TrackRanking; now?: TrackRanking }) {
  const nowPlace = new Map((now?.rows ?? []).map((r) => [r.projectId, r.raw.place]));
  return (
    <Box sx={{ overflowX: 'auto', mb: 2 }}>
      <Table size="small" aria-label={`Standings: ${track.name}`}>
        <caption style={{ captionSide: 'top', textAlign: 'left', padding: '4px 0', fontWeight: 600 }}>{track.name}</caption>
        <TableHead>
          <TableRow>
            <TableCell>Project</TableCell>
            <TableCell align="right">Judges</TableCell>
            {NORMS.map((n) => (
              <TableCell key={n.key}>{n.label}</TableCell>
            ))}
            {now && <TableCell>Raw place now</TableCell>}
            <TableCell>Places</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {track.rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={NORMS.length + (now ? 4 : 3)}>No judged projects.</TableCell>
            </TableRow>
          )}
          {track.rows.map((row) => {
            const current = nowPlace.get(row.projectId) ?? null;
            const moved = now !== undefined && current !== row.raw.place;
            return (
              <TableRow key={row.projectId} data-testid={`standing-${row.projectId}`}>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                  {row.title}
                </TableCell>
                <TableCell align="right">{row.judges}</TableCell>
                {NORMS.map(({ key }) => {
                  const differs = key !== 'raw' && row[key].place !== row.raw.place;
                  return (
                    <TableCell key={key} data-testid={`place-${key}`} sx={differs ? { bgcolor: (t) => alpha(t.palette.warning.main, 0.16), boxShadow: (t) => `inset 3px 0 0 ${t.palette.warning.main}` } : undefined}>
                      <Box component="span" sx={{ fontWeight: 600 }}>
                        {placeText(row[key].place)}
                        {differs && ' ≠ raw'}
                      </Box>
                      {row[key].value !== null && (
                        <Box component="span" sx={{ display: 'block', fontSize: 12, color: 'text.secondary' }}>
                          {valueText(key, row[key].value)}
                        </Box>
                      )}
                    </TableCell>
                  );
                })}
                {now && (
                  <TableCell sx={moved ? { bgcolor: (t) => alpha(t.palette.info.main, 0.12), boxShadow: (t) => `inset 3px 0 0 ${t.palette.info.main}`, fontWeight: 600 } : undefined}>
                    {placeText(current)}
                    {moved && ' (moved since)'}
                  </TableCell>
                )}
                <TableCell>{row.differs ? <Chip size="small" color="warning" label="Places differ" /> : <Typography variant="body2" color="text.secondary">Same in all three</Typography>}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * The three normalisations side by side, per track (overall first). A place that is not the raw
 * ranking's is marked "≠ raw"; with `now`, the raw place today beside it, marked where it moved.
 */
export function StandingsTables({ standings, now }: { standings: JudgingStandings; now?: JudgingStandings }) {
  return (
    <>
      {standings.tracks.map((track) => (
        <Track key={track.trackId ?? '*'} track={track} now={now?.tracks.find((t) => t.trackId === track.trackId)} />
      ))}
    </>
  );
}
