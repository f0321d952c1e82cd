import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Badge } from './badge';
import { Checkbox } from './checkbox';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from './dropdown-menu';
import { Popover, PopoverContent, PopoverTrigger } from './popover';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';
import { Textarea } from './textarea';

afterEach(() => vi.restoreAllMocks());

function Fruit() {
  const [value, setValue] = useState('apple');
  return (
    <Select value={value} onValueChange={setValue}>
      <SelectTrigger aria-label="Fruit">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value="apple">Apple</SelectItem>
        <SelectItem value="pear">Pear</SelectItem>
      </SelectContent>
    </Select>
  );
}

describe('UI primitives', () => {
  it('Select: a combobox whose options can be chosen', async () => {
    const user = userEvent.setup();
    render(<Fruit />);
    const trigger = screen.getByRole('combobox', { name: 'Fruit' });
    expect(trigger).toHaveTextContent('Apple');
    await user.click(trigger);
    await user.click(await screen.findByRole('option', { name: 'Pear' }));
    expect(trigger).toHaveTextContent('Pear');
  });

  it('Select: refuses an item with an empty value', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() =>
      render(
        <Select open>
          <SelectContent>
            <SelectItem value="">All</SelectItem>
          </SelectContent>
        </Select>,
      ),
    ).toThrow(/must not be empty/);
  });

  it('Checkbox: checked, unchecked and mixed', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <>
        <Checkbox aria-label="One" onCheckedChange={onChange} />
        <Checkbox aria-label="Some" checked="indeterminate" />
      </>,
    );
    await user.click(screen.getByRole('checkbox', { name: 'One' }));
    expect(onChange).toHaveBeenCalledWith(true);
    expect(screen.getByRole('checkbox', { name: 'Some' })).toHaveAttribute('aria-checked', 'mixed');
  });

  it('DropdownMenu: a menu of items and checkbox items', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(
      <DropdownMenu>
        <DropdownMenuTrigger>Options</DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuCheckboxItem checked>Show hidden</DropdownMenuCheckboxItem>
          <DropdownMenuItem onSelect={onSelect} variant="destructive">
            Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>,
    );
    await user.click(screen.getByRole('button', { name: 'Options' }));
    expect(await screen.findByRole('menuitemcheckbox', { name: 'Show hidden' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(onSelect).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('Popover: opens from its trigger and closes on Escape', async () => {
    const user = userEvent.setup();
    render(
      <Popover>
        <PopoverTrigger>Details</PopoverTrigger>
        <PopoverContent aria-label="More details">Inside</PopoverContent>
      </Popover>,
    );
    await user.click(screen.getByRole('button', { name: 'Details' }));
    expect(await screen.findByRole('dialog', { name: 'More details' })).toHaveTextContent('Inside');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Badge and Textarea pass their props through', () => {
    render(
      <>
        <Badge variant="warning">Pending</Badge>
        <Textarea aria-label="Notes" maxLength={500} aria-invalid />
      </>,
    );
    expect(screen.getByText('Pending')).toHaveAttribute('data-variant', 'warning');
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveAttribute('maxlength', '500');
  });
});
