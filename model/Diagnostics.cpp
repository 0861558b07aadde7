#include "model/Diagnostics.h"

namespace exo::model {

DiagLevel diagLevel(DiagID id) {
  switch (id) {
#define DIAG(ID, LEVEL, TEXT) case DiagID::ID: return DiagLevel::LEVEL;
#include "model/Diagnostics.def"
#undef DIAG
  }
  return DiagLevel::Error;
}

const char* diagText(DiagID id) {
  switch (id) {
#define DIAG(ID, LEVEL, TEXT) case DiagID::ID: return TEXT;
#include "model/Diagnostics.def"
#undef DIAG
  }
  return "";
}

const char* diagName(DiagID id) {
  switch (id) {
#define DIAG(ID, LEVEL, TEXT) case DiagID::ID: return #ID;
#include "model/Diagnostics.def"
#undef DIAG
  }
  return "";
}

const char* diagFlag(DiagID id) {
#define DIAG(ID, LEVEL, TEXT)
#define DIAG_FLAG(ID, FLAG) \
  if (id == DiagID::ID) return FLAG;
#include "model/Diagnostics.def"
#undef DIAG_FLAG
#undef DIAG
  return "";
}

}  // namespace exo::model
