// Lists what the bucket holds, refreshed whenever the uploader reports a finished file.
const list = document.getElementById('uploads');
const empty = document.getElementById('uploads-empty');
const sizeFormat = new Intl.NumberFormat(undefined, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 });

function renderUpload(file) {
  const item = document.createElement('li');
  item.dataset.key = file.key;
  const link = document.createElement('a');
  link.href = file.downloadUrl;
  link.textContent = file.key;
  const size = document.createElement('span');
  size.className = 'size';
  size.textContent = sizeFormat.format(file.size / 1000);
  item.append(link, size);
  return item;
}

async function refreshUploads() {
  const response = await fetch('/api/files');
  if (!response.ok) return;
  const { files } = await response.json();
  list.replaceChildren(...files.map(renderUpload));
  empty.hidden = files.length > 0;
}

document.getElementById('uploader').addEventListener('svc-file-upload-complete', refreshUploads);
refreshUploads();
