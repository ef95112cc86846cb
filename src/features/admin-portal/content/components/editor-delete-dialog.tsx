import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { contentQueries, deleteContentItem } from '@/features/admin-portal/content/api/content';
import { describeError } from '@/features/admin-portal/content/content-form';

/** Asks before deleting the item in both languages; once deleted, back to the list. */
export function DeleteItemDialog({
  open,
  onOpenChange,
  itemId,
  noun,
  title,
  published,
  busy,
  onBusy,
  onFailed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  itemId: string | undefined;
  /** "news item" or "blog post". */
  noun: string;
  title: string;
  published: boolean;
  /** The editor's action under way, if any: the dialog shares it so nothing else runs meanwhile. */
  busy: string | null;
  onBusy: (busy: string | null) => void;
  onFailed: (message: string) => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel="Close">
        <DialogTitle>Delete this {noun}?</DialogTitle>
        <DialogDescription>
          “{title || 'Untitled'}” and its versions are deleted in both languages
          {published ? ', and its pages leave the site' : ''}. The history of changes is kept. This cannot be undone.
        </DialogDescription>
        <DialogFooter>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={busy !== null}
            onClick={async () => {
              if (!itemId) return;
              onBusy('delete');
              try {
                await deleteContentItem(itemId);
                await queryClient.invalidateQueries({ queryKey: contentQueries.all() });
                toast({ title: 'Deleted.', variant: 'success' });
                navigate(paths.adminPortal('content'));
              } catch (error) {
                onOpenChange(false);
                onFailed(`The item was not deleted. ${describeError(error)}`);
              } finally {
                onBusy(null);
              }
            }}
          >
            Delete permanently
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
