import { Menu } from 'lucide-react';
import { useRef, useState } from 'react';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { SideNav } from './side-nav';

/** Phones: a menu button that opens the same navigation in a drawer (focus trapped, Escape closes). */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  // After following a link, focus goes to the new page (the layout does that), not back to the menu button.
  const navigated = useRef(false);
  return (
    <Sheet
      open={open}
      onOpenChange={(next) => {
        if (next) navigated.current = false;
        setOpen(next);
      }}
    >
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open menu">
          <Menu aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent
        side="left"
        closeLabel="Close menu"
        header={
          <SheetTitle className="text-base">
            <Logo />
          </SheetTitle>
        }
        onCloseAutoFocus={(event) => {
          if (navigated.current) event.preventDefault();
        }}
      >
        <SheetDescription>Site navigation</SheetDescription>
        <SideNav
          onNavigate={() => {
            navigated.current = true;
            setOpen(false);
          }}
        />
      </SheetContent>
    </Sheet>
  );
}
