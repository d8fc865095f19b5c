// A form for a component's params, built from the JSON Schema `components.describe` gives.

/** A form for `schema` (an object schema); `submit(params)` gets the values typed. */
export function paramsForm(schema, submit) {
  const form = document.createElement('form');
  form.className = 'params';
  const fields = [];
  for (const [name, property] of Object.entries(schema?.properties ?? {})) {
    const label = document.createElement('label');
    label.textContent = `${name} `;
    const input = inputFor(property);
    input.name = name;
    if (property.description) input.title = property.description;
    label.appendChild(input);
    form.appendChild(label);
    fields.push({ name, property, input });
  }
  const error = document.createElement('p');
  error.className = 'error';
  const go = document.createElement('button');
  go.type = 'submit';
  go.textContent = 'Open';
  form.append(go, error);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    try {
      const params = {};
      for (const { name, property, input } of fields) {
        const value = read(property, input);
        if (value !== undefined) params[name] = value;
      }
      submit(params);
    } catch (problem) {
      error.textContent = problem.message;
    }
  });
  return form;
}

function inputFor(property) {
  if (property.enum || property.oneOf) {
    const select = document.createElement('select');
    const values = property.enum ?? property.oneOf.map((option) => option.const);
    for (const value of values) select.add(new Option(String(value), JSON.stringify(value)));
    if (property.default !== undefined) select.value = JSON.stringify(property.default);
    return select;
  }
  const input = document.createElement('input');
  switch (property.type) {
    case 'boolean':
      input.type = 'checkbox';
      input.checked = !!property.default;
      break;
    case 'integer':
    case 'number':
      input.type = 'number';
      input.step = property.type === 'integer' ? '1' : 'any';
      if (property.minimum !== undefined) input.min = property.minimum;
      if (property.maximum !== undefined) input.max = property.maximum;
      if (property.default !== undefined) input.value = property.default;
      break;
    case 'string':
      if (property.maxLength !== undefined) input.maxLength = property.maxLength;
      if (property.minLength !== undefined) input.minLength = property.minLength;
      input.value = property.default ?? '';
      break;
    default:
      input.placeholder = 'JSON';
      if (property.default !== undefined) input.value = JSON.stringify(property.default);
  }
  return input;
}

function read(property, input) {
  if (input instanceof HTMLSelectElement) return JSON.parse(input.value);
  switch (property.type) {
    case 'boolean':
      return input.checked;
    case 'integer':
    case 'number':
      return input.value === '' ? undefined : Number(input.value);
    case 'string':
      return input.value;
    default:
      return input.value === '' ? undefined : JSON.parse(input.value);
  }
}
