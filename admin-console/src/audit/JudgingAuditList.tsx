import { useMediaQuery, type Theme } from '@mui/material';
import { Datagrid, List, NumberField, SearchInput, SimpleList, TextField } from 'react-admin';
import type { AuditJudging } from '@circuit/shared/api/admin-judging';
import { viewer, WhenField } from '../when';

const filters = [<SearchInput key="q" source="q" placeholder="Title or username" alwaysOn />];

/** The hackathons with a judging setup; open one for its score events and the standings at any moment. */
export function JudgingAuditList() {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <List filters={filters} sort={{ field: 'lastScoredAt', order: 'DESC' }} perPage={25} title="Judging (audit)" empty={false} exporter={false}>
      {phone ? (
        <SimpleList<AuditJudging>
          primaryText={(j) => j.title}
          secondaryText={(j) => `@${j.username} · ${j.projects} projects · ${j.judges} judges · ${j.scores} scores`}
          tertiaryText={(j) => (j.lastScoredAt ? viewer.date(j.lastScoredAt) : 'no scores')}
          linkType="show"
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="title" label="Hackathon" />
          <TextField source="username" sortable={false} />
          <NumberField source="criteria" sortable={false} />
          <NumberField source="projects" />
          <NumberField source="judges" sortable={false} />
          <NumberField source="scores" />
          <WhenField source="lastScoredAt" label="Last score" showTime emptyText="No scores yet" />
        </Datagrid>
      )}
    </List>
  );
}
