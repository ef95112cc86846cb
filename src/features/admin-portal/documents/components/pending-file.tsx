import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Label, Select } from '@/components/ui/field';
import { categories, fileLanguages } from '@/features/admin-portal/documents/document-labels';
import { formatBytes } from '@/features/admin-portal/documents/document-files';

/** A file chosen for upload, with the details staff fill in and where its upload stands. */
export type Pending = {
  key: number;
  file: File;
  problem: string | null;
  title_en: string;
  title_fr: string;
  category: string;
  file_language: string;
  product: string;
  expires_on: string;
  audience: string;
  progress: number | null;
  error: string | null;
  serverError: string | null;
};

/** One chosen file's form: titles, category, language, product, expiry and audience, then Upload or Remove. */
export function PendingFile({
  item,
  audienceOptions,
  onChange,
  onRemove,
  onUpload,
}: {
  item: Pending;
  audienceOptions: { value: string; label: string }[];
  onChange: (change: Partial<Pending>) => void;
  onRemove: () => void;
  onUpload: () => void;
}) {
  const id = useId();
  const busy = item.progress !== null;
  return (
    <li className="rounded-lg border border-sand-200 p-4" data-testid={`pending-${item.file.name}`}>
      <p className="break-all font-semibold text-ink">
        {item.file.name} <span className="font-normal text-ink-muted">({formatBytes(item.file.size)})</span>
      </p>
      {item.problem ? (
        <p role="alert" className="mt-2 text-danger">
          {item.problem}
        </p>
      ) : (
        <fieldset disabled={busy} className="mt-3 grid gap-3 sm:grid-cols-2">
          <legend className="sr-only">Details of {item.file.name}</legend>
          <div>
            <Label htmlFor={`${id}-en`}>Title (English)</Label>
            <Input
              id={`${id}-en`}
              maxLength={200}
              value={item.title_en}
              onChange={(e) => onChange({ title_en: e.target.value })}
            />
          </div>
          <div>
            <Label htmlFor={`${id}-fr`}>Title (French)</Label>
            <Input
              id={`${id}-fr`}
              maxLength={200}
              value={item.title_fr}
              onChange={(e) => onChange({ title_fr: e.target.value })}
            />
          </div>
          <div>
            <Label htmlFor={`${id}-category`}>Category</Label>
            <Select
              id={`${id}-category`}
              value={item.category}
              onChange={(e) => onChange({ category: e.target.value })}
            >
              {categories.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <Label htmlFor={`${id}-language`}>File language</Label>
            <Select
              id={`${id}-language`}
              value={item.file_language}
              onChange={(e) => onChange({ file_language: e.target.value })}
            >
              {fileLanguages.map((l) => (
                <option key={l.value} value={l.value}>
                  {l.label}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <Label htmlFor={`${id}-product`}>Product (optional)</Label>
            <Input
              id={`${id}-product`}
              maxLength={200}
              value={item.product}
              onChange={(e) => onChange({ product: e.target.value })}
            />
          </div>
          <div>
            <Label htmlFor={`${id}-expires`}>Expiry date (optional)</Label>
            <Input
              id={`${id}-expires`}
              type="date"
              value={item.expires_on}
              onChange={(e) => onChange({ expires_on: e.target.value })}
            />
          </div>
          <div className="sm:col-span-2">
            <Label htmlFor={`${id}-audience`}>Who sees it</Label>
            <Select
              id={`${id}-audience`}
              value={item.audience}
              onChange={(e) => onChange({ audience: e.target.value })}
            >
              <option value="">Select a company or every client</option>
              {audienceOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
          </div>
        </fieldset>
      )}
      {busy ? (
        <div className="mt-3">
          <progress
            className="h-2 w-full accent-brand-700"
            max={1}
            value={item.progress ?? 0}
            aria-label={`Uploading ${item.file.name}`}
          />
          <p className="text-sm text-ink-muted">{Math.round((item.progress ?? 0) * 100)}%</p>
        </div>
      ) : null}
      {item.error ? (
        <div role="alert" className="mt-2 text-danger">
          <p>{item.error}</p>
          {item.serverError ? <p className="text-sm">The server said: {item.serverError}</p> : null}
        </div>
      ) : null}
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" size="sm" disabled={busy} onClick={onRemove}>
          Remove {item.file.name}
        </Button>
        {item.problem ? null : (
          <Button size="sm" disabled={busy} onClick={onUpload}>
            Upload {item.file.name}
          </Button>
        )}
      </div>
    </li>
  );
}
