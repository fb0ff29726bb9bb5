// generated from skeleton/decoder_options.yml by cmake/gpufec_options.py: do not edit

#ifndef INCLUDED_GPUFEC_DECODER_OPTIONS_H
#define INCLUDED_GPUFEC_DECODER_OPTIONS_H

#include <gnuradio/gpufec/core/core_api.h>
#include <cstddef>
#include <string>
#include <vector>

namespace gr {
namespace gpufec {

/*! @brief Where work runs. AUTO picks CUDA when a device is present and CPU otherwise. */
enum class backend_kind {
    AUTO = 0,
    CPU = 1,
    CUDA = 2,
};

/*! @brief The value named 'auto', 'cpu', 'cuda' (case-insensitive; also the old names).
 *  @throws std::invalid_argument naming backend, the value and the names allowed */
GPUFEC_CORE_API backend_kind parse_backend(const std::string& name);
/*! @brief The name of @p v. @throws std::invalid_argument for a value outside the enum */
GPUFEC_CORE_API std::string backend_name(backend_kind v);

/*! @brief The item type of a decoder's soft input. */
enum class soft_type {
    FLOAT = 0,
    INT8 = 1,
};

/*! @brief The value named 'float', 'int8' (case-insensitive; also the old names).
 *  @throws std::invalid_argument naming input, the value and the names allowed */
GPUFEC_CORE_API soft_type parse_soft_type(const std::string& name);
/*! @brief The name of @p v. @throws std::invalid_argument for a value outside the enum */
GPUFEC_CORE_API std::string soft_type_name(soft_type v);

/*! @brief Options every decoder takes, apart from its family's own. The defaults written in
 *  skeleton/decoder_options.yml are the only ones: the blocks, the bindings and the GRC YAML
 *  take theirs from this struct. */
struct GPUFEC_CORE_API decoder_options {
    /*! Where the decoder runs: auto (the GPU when one is present), cpu or cuda. */
    backend_kind backend = backend_kind::AUTO;
    /*! The CUDA device index, for machines with several GPUs.
     *  Allowed: a CUDA device index >= 0. */
    int device = 0;
    /*! The input item type of the blocks (engines and numpy functions take both). */
    soft_type input = soft_type::FLOAT;
    /*! How soft values relate to int8 values q = LLR * llr_scale: decoders that work on int8
     *  (Viterbi) quantize float input so, decoders that work on float LLRs (turbo) read int8
     *  input as q / llr_scale (docs/conventions.md).
     *  Allowed: > 0. */
    float llr_scale = 8.0f;
    /*! Set when a positive soft value means bit 0 (the default is GNU Radio's: bit 1). */
    bool invert = false;
    /*! Frames (or tiles) per backend call; 0: the backend's choice.
     *  Allowed: 0 (the backend's choice) to 1048576. */
    size_t max_batch = 0;
    /*! CPU worker threads; 0: one per hardware thread.
     *  Allowed: 0 (one per hardware thread) to 1024. */
    unsigned threads = 0;

    /*! @brief Options from the parameters the blocks and numpy functions take, by name. */
    static decoder_options from_parameters(const std::string& backend,
                                           const std::string& input,
                                           float llr_scale,
                                           bool invert,
                                           int device = 0);

    /*! @brief Checks every option against its range (those that depend on a code
     *  are checked where the code is known).
     *  @throws std::invalid_argument naming the option, its value and what is allowed */
    void check() const;
};

} // namespace gpufec
} // namespace gr

#endif /* INCLUDED_GPUFEC_DECODER_OPTIONS_H */
