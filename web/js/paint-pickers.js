// The pickers (docs/protocol.md, `datePicker`, `picker`): a date picker is an <input> of
// type date, time or datetime-local; a picker view a <select> per component. A user's
// pick is the `value` event: seconds since 1970 for a date (a duration for a countdown),
// the row and its `component` for a picker.

/** `YYYY-MM-DDTHH:MM` of `seconds` since 1970 shifted by `offset` seconds. */
function localText(seconds, offset) {
  return new Date((seconds + offset) * 1000).toISOString().slice(0, 16);
}

const INPUT_TYPE = { date: 'date', time: 'time', dateAndTime: 'datetime-local', countDownTimer: 'time' };

export function decorateDatePicker(view, entry) {
  const input = document.createElement('input');
  input.className = 'date-input';
  entry.input = input;
  input.addEventListener('change', () => {
    if (!input.value) return;
    const props = entry.props;
    const mode = props.mode ?? 'dateAndTime';
    const offset = props.utcOffset ?? 0;
    let value;
    if (mode === 'countDownTimer') {
      const [hours, minutes] = input.value.split(':').map(Number);
      value = hours * 3600 + minutes * 60;
    } else if (mode === 'date') {
      // The day picked, at the time of day the picker had.
      const time = localText(props.date, offset).slice(10);
      value = Date.parse(`${input.value}${time}Z`) / 1000 - offset;
    } else if (mode === 'time') {
      const day = localText(props.date, offset).slice(0, 10);
      value = Date.parse(`${day}T${input.value}Z`) / 1000 - offset;
    } else {
      value = Date.parse(`${input.value}Z`) / 1000 - offset;
    }
    view.send({ type: 'value', target: entry.id, value }).catch(() => {});
  });
  entry.el.appendChild(input);
}

export function paintDatePicker(entry) {
  const { input, props, el } = entry;
  const mode = props.mode ?? 'dateAndTime';
  const type = INPUT_TYPE[mode] ?? 'datetime-local';
  if (input.type !== type) input.type = type;
  el.dataset.style = props.style ?? 'compact';
  input.style.color = props.textColor ?? '';
  input.disabled = props.enabled === false;
  input.step = String((props.minuteInterval ?? 1) * 60);
  const offset = props.utcOffset ?? 0;
  const shown = (seconds) => {
    const text = localText(seconds, offset);
    if (type === 'date') return text.slice(0, 10);
    if (type === 'time') return text.slice(11, 16);
    return text;
  };
  if (mode === 'countDownTimer') {
    const minutes = Math.round((props.countDownDuration ?? 0) / 60);
    input.value = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  } else {
    if (document.activeElement !== input) input.value = shown(props.date ?? 0);
    input.min = props.minimumDate !== undefined && type !== 'time' ? shown(props.minimumDate) : '';
    input.max = props.maximumDate !== undefined && type !== 'time' ? shown(props.maximumDate) : '';
  }
}

export function decoratePicker(view, entry) {
  entry.wheels = document.createElement('div');
  entry.wheels.className = 'wheels';
  entry.el.appendChild(entry.wheels);
  entry.view = view;
}

export function paintPicker(entry) {
  const { wheels, props } = entry;
  wheels.style.color = props.textColor ?? '';
  const components = props.components ?? [];
  while (wheels.children.length > components.length) wheels.lastChild.remove();
  components.forEach((component, index) => {
    let select = wheels.children[index];
    if (!select) {
      select = document.createElement('select');
      select.className = 'wheel';
      select.dataset.component = String(index);
      select.addEventListener('change', () => {
        entry.view.send({ type: 'value', target: entry.id, value: Number(select.value), component: index })
          .catch(() => {});
      });
      wheels.appendChild(select);
    }
    const titles = component.rows ?? [];
    const current = [...select.options].map((option) => option.textContent);
    if (current.length !== titles.length || current.some((title, row) => title !== titles[row])) {
      select.replaceChildren(...titles.map((title, row) => {
        const option = document.createElement('option');
        option.value = String(row);
        option.textContent = title;
        return option;
      }));
    }
    select.size = Math.min(Math.max(titles.length, 2), 5);
    if (component.selected >= 0) select.value = String(component.selected);
  });
}
