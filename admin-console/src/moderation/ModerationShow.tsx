import { Box, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import { Show, TopToolbar, useRecordContext } from 'react-admin';
import { MODERATION_KIND_LABELS, type ModerationItem } from '@circuit/shared/api/admin-moderation';
import { ReviewButtons } from './ModerationButtons';
import { waitingFor } from './waiting';
import { viewer } from '../when';

function Title() {
  const item = useRecordContext<ModerationItem>();
  return <span>{item ? `Review: ${item.title}` : 'Review'}</span>;
}

/** The listing as its public page will show it: banner, title, the facts beside it, summary and description. */
function Preview() {
  const item = useRecordContext<ModerationItem>();
  if (!item) return null;
  const { preview } = item;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {MODERATION_KIND_LABELS[item.type as keyof typeof MODERATION_KIND_LABELS] ?? item.type} by {item.organiserName ?? item.organiserUsername ?? 'unknown'} · submitted{' '}
        {viewer.dateTime(item.submittedAt)} · waiting {waitingFor(item.submittedAt)}
      </Typography>
      <Card variant="outlined" sx={{ mt: 1 }}>
        {preview.bannerUrl && <Box component="img" src={preview.bannerUrl} alt="" sx={{ width: '100%', maxHeight: 240, objectFit: 'cover', display: 'block' }} />}
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            {preview.logoUrl && <Box component="img" src={preview.logoUrl} alt="" sx={{ width: 48, height: 48, borderRadius: 1, objectFit: 'cover' }} />}
            <Typography variant="h5" component="h2">
              {item.title}
            </Typography>
          </Stack>
          {preview.summary && (
            <Typography variant="subtitle1" color="text.secondary" sx={{ mt: 1 }}>
              {preview.summary}
            </Typography>
          )}
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, rowGap: 0.5, my: 2 }}>
            {preview.facts.map((fact) => (
              <Box key={fact.label} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
                  {fact.label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 1, sm: 0 } }}>
                  {fact.at ? viewer.dateTime(fact.at) : fact.value}
                </Typography>
              </Box>
            ))}
          </Box>
          <Divider sx={{ my: 2 }} />
          {/* Sanitised with an allow-list on the server before it was stored (docs/decisions.md#d17-input-checked-at-the-edge-rich-text-sanitised-safe-headers). */}
          <Box className="listing-description" sx={{ '& img': { maxWidth: '100%' }, overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: preview.descriptionHtml }} />
        </CardContent>
      </Card>
    </Box>
  );
}

export function ModerationShow() {
  return (
    <Show
      title={<Title />}
      actions={
        <TopToolbar>
          <ReviewButtons />
        </TopToolbar>
      }
    >
      <Preview />
    </Show>
  );
}
