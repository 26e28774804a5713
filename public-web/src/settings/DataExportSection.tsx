import { Download, FileArchive } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { DataExport } from '@circuit/shared/api/data-export';
import { dataExportFileName } from '@circuit/shared/api/data-export';
import { DATA_EXPORT_SECTIONS } from '@circuit/shared/personal-data/export-contents';
import { Alert } from '../ui/Alert';
import { Button, buttonClasses } from '../ui/Button';
import { Card } from '../ui/Card';
import { Spinner } from '../ui/Spinner';
import { When } from '../ui/When';
import { useDataExport } from './useDataExport';

const sizeLabel = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** "Download my data": what the copy holds, asking for one, its progress, then its link until it expires. */
export function DataExportSection() {
  const { query, latest, request, requesting, error } = useDataExport();
  const building = latest?.status === 'building';
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="data-export-title">
        <h2 id="data-export-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <FileArchive className="size-5 text-indigo-600" aria-hidden="true" />
          Download my data
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          A ZIP file with everything you have on Circuit, as JSON and as CSV for spreadsheets, with a README that says what each file is. We prepare it in the background and
          e-mail you when it is ready; the link works for 24 hours.
        </p>
        <ul className="mt-4 grid gap-x-6 gap-y-1.5 text-sm text-slate-700 sm:grid-cols-2" aria-label="What the file holds">
          {DATA_EXPORT_SECTIONS.map((section) => (
            <li key={section.key} className="flex items-center gap-2">
              <span className="size-1.5 shrink-0 rounded-full bg-indigo-400" aria-hidden="true" />
              {section.label}
            </li>
          ))}
        </ul>
        <div className="mt-5 space-y-4">
          {query.isPending ? (
            <Spinner label="Loading your last copy..." />
          ) : query.isError ? (
            <Alert title="Your last copy could not be loaded">
              <Button variant="secondary" size="sm" className="mt-2" onClick={() => void query.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : (
            latest && <ExportState export={latest} />
          )}
          {error && <Alert>{error}</Alert>}
          {!building && (
            <Button
              onClick={request}
              variant={latest?.status === 'ready' ? 'secondary' : 'primary'}
              loading={requesting}
              disabled={query.isPending}
              icon={<Download className="size-4" aria-hidden="true" />}
            >
              {latest ? 'Prepare a new copy' : 'Download my data'}
            </Button>
          )}
        </div>
      </section>
    </Card>
  );
}

function ExportState({ export: e }: { export: DataExport }) {
  switch (e.status) {
    case 'building':
      return <Progress done={e.done} total={e.total} />;
    case 'ready':
      return (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3">
          <div className="text-sm text-emerald-900">
            <p className="font-semibold">Your copy is ready</p>
            <p>
              Available until <When iso={e.expiresAt!} />
              {e.sizeBytes !== null && <> · {sizeLabel(e.sizeBytes)}</>}
            </p>
          </div>
          <a className={buttonClasses('primary', 'sm')} href={e.downloadUrl!} download={dataExportFileName(e.requestedAt)}>
            <Download className="size-4" aria-hidden="true" />
            Download ZIP
          </a>
        </div>
      );
    case 'expired':
      return (
        <Alert tone="info" title="Your last copy has expired">
          It could be downloaded until <When iso={e.expiresAt!} />, and is deleted now. Prepare a new one below.
        </Alert>
      );
    case 'failed':
      return (
        <Alert title="Your last copy could not be prepared">
          Nothing was lost. Ask for a new one below; if it fails again,{' '}
          <Link to="/contact" className="font-medium underline">
            contact us
          </Link>
          .
        </Alert>
      );
  }
}

function Progress({ done, total }: { done: number; total: number }) {
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  const label = total > 0 ? `${done} of ${total} parts ready` : 'Starting...';
  return (
    <div className="rounded-lg border border-indigo-200 bg-indigo-50 px-4 py-3 text-sm text-indigo-900">
      <p className="font-semibold" id="data-export-progress-label">
        Preparing your copy...
      </p>
      <div
        role="progressbar"
        aria-labelledby="data-export-progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={label}
        className="mt-2 h-2 overflow-hidden rounded-full bg-indigo-100"
      >
        <div className="h-full rounded-full bg-indigo-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1.5">{label}. We will e-mail you when it is ready; you can leave this page.</p>
    </div>
  );
}
