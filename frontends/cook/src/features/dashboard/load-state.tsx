import { Button, fr, Notice, Spinner } from '@popote/ui';
import { frCook } from '@popote/ui/fr-cook';

/** The dashboard's error panel: 'Erreur lors du chargement des données' and 'Réessayer'. */
export function LoadError({ retry }: { retry: () => void }) {
  return (
    <Notice
      tone="error"
      message={frCook.cook.loadError}
      actions={
        <Button variant="primary" onClick={retry}>
          {fr.common.retry}
        </Button>
      }
    />
  );
}

export function Loading({ label }: { label: string }) {
  return <Spinner size="lg" label={label} showLabel />;
}
